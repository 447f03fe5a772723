// Package quietlocale keeps Fyne from logging "Error parsing user locale
// C" at start-up on systems whose locale is C.UTF-8 (the default of Debian
// containers and minimal installs).
//
// Fyne reads the locale with github.com/jeandeaual/go-locale, which knows
// "C" and "POSIX" but takes "C.UTF-8" for a language called "C". When the
// locale in effect is such a C locale and LANGUAGE is unset, this package
// sets LANGUAGE=en, which go-locale then reads instead: Fyne speaks
// English, as it would for "C". LANGUAGE only chooses message catalogues,
// so nothing else changes; the character set stays the one the user chose.
//
// It must run before Fyne reads the locale, so main imports it first. Go
// initialises packages in dependency order and, among those ready, by
// import path: this package depends on the standard library only and its
// path sorts before golang.org/x/text, which Fyne's lang package needs, so
// its init always comes first.
package quietlocale

import (
	"os"
	"strings"
)

func init() { fix(os.Getenv, os.Setenv) }

// fix sets LANGUAGE=en when the locale in effect (the first of LC_ALL,
// LC_MESSAGES and LANG that is set, as go-locale looks) is C.<codeset> or
// POSIX.<codeset> and LANGUAGE is unset.
func fix(getenv func(string) string, setenv func(string, string) error) {
	if getenv("LANGUAGE") != "" {
		return
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		if strings.HasPrefix(v, "C.") || strings.HasPrefix(v, "POSIX.") {
			_ = setenv("LANGUAGE", "en")
		}
		return
	}
}
