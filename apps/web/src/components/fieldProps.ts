/** A labelled form field's props: its input's id, its label, and its value with how to change it. */
export interface FieldProps<T> {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
}
