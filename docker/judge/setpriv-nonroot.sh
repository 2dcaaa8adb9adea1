#!/bin/sh
# /usr/sbin/setpriv in the judge image (the real one is /usr/bin/setpriv).
#
# The judge starts every sandboxed program as
#   setpriv --reuid=UID --regid=GID --clear-groups --no-new-privs -- bwrap ...
# --clear-groups calls setgroups(2), which needs CAP_SETGID even when UID/GID are already ours, so a
# judge running as a non-root user with no capabilities cannot use it. When the requested uid and gid
# ARE the current ones (JUDGE_SANDBOX_UID/GID = the image's user), the switch is a no-op: this shim
# keeps --no-new-privs and drops the rest. Any other request goes to the real setpriv unchanged, so a
# mismatch still fails loudly instead of running as the wrong user.
set -eu
uid=$(id -u)
gid=$(id -g)
want_uid=''
want_gid=''
clear=0
nnp=0
for a in "$@"; do
  case "$a" in
    --reuid=*) want_uid=${a#--reuid=} ;;
    --regid=*) want_gid=${a#--regid=} ;;
    --clear-groups) clear=1 ;;
    --no-new-privs) nnp=1 ;;
    --) break ;;
    *) exec /usr/bin/setpriv "$@" ;;
  esac
done
if [ "$uid" != 0 ] && [ "$want_uid" = "$uid" ] && [ "$want_gid" = "$gid" ] && [ "$clear" = 1 ] && [ "$nnp" = 1 ]; then
  while [ "$#" -gt 0 ] && [ "$1" != -- ]; do shift; done
  shift
  exec /usr/bin/setpriv --no-new-privs -- "$@"
fi
exec /usr/bin/setpriv "$@"
