# shellcheck shell=sh
# Sourced by mvnw, .ci/run and bench/compare.sh: points JAVA_HOME at a JDK >= 21.
# Keeps a suitable JAVA_HOME or `java` on the PATH; otherwise picks the newest JDK >= 21 under
# /usr/lib/jvm, /usr/java, /opt/java or ~/.sdkman; otherwise stops with a clear message.

rvl_java_major() {
  "$1" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

rvl_select_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    major=$(rvl_java_major "$JAVA_HOME/bin/java")
    [ "${major:-0}" -ge 21 ] && return 0
  elif command -v java >/dev/null 2>&1; then
    major=$(rvl_java_major java)
    [ "${major:-0}" -ge 21 ] && return 0
  fi
  best=""
  best_major=0
  case $- in *f*) rvl_noglob=1 ;; *) rvl_noglob=0 ;; esac
  set +f
  for dir in /usr/lib/jvm/* /usr/java/* /opt/java/* "$HOME"/.sdkman/candidates/java/*; do
    [ -x "$dir/bin/javac" ] || continue
    major=$(rvl_java_major "$dir/bin/java")
    if [ "${major:-0}" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
      best="$dir"
      best_major="$major"
    fi
  done
  [ "$rvl_noglob" = 1 ] && set -f
  if [ -z "$best" ]; then
    echo "reactive-vs-loom needs a JDK 21 or newer; none found (JAVA_HOME, PATH, /usr/lib/jvm, /usr/java, /opt/java, ~/.sdkman)." >&2
    echo "Install one (e.g. Temurin 25) and set JAVA_HOME." >&2
    return 1
  fi
  JAVA_HOME="$best"
  export JAVA_HOME
}

rvl_select_jdk || exit 1
