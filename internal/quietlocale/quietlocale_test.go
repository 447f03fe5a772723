package quietlocale

import "testing"

func TestFix(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string // LANGUAGE afterwards
	}{
		{map[string]string{"LANG": "C.UTF-8"}, "en"},
		{map[string]string{"LC_ALL": "POSIX.utf8", "LANG": "de_DE.UTF-8"}, "en"},
		{map[string]string{"LANG": "de_DE.UTF-8"}, ""},
		{map[string]string{"LC_ALL": "fr_FR.UTF-8", "LANG": "C.UTF-8"}, ""}, // LC_ALL wins
		{map[string]string{"LANG": "C"}, ""},                                // go-locale knows C
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "pt_BR"}, "pt_BR"},
		{map[string]string{}, ""},
	} {
		env := map[string]string{}
		for k, v := range c.env {
			env[k] = v
		}
		fix(func(k string) string { return env[k] }, func(k, v string) error { env[k] = v; return nil })
		if env["LANGUAGE"] != c.want {
			t.Errorf("%v: LANGUAGE = %q, want %q", c.env, env["LANGUAGE"], c.want)
		}
	}
}
