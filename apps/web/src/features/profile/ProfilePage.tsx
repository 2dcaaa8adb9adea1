export function ProfilePage() {
  return <h1>ProfilePage</h1>;
}

export default ProfilePage;
