package words

import "testing"

func TestJoinAndAndPlural(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{{nil, ""}, {[]string{"Ana"}, "Ana"}, {[]string{"Ana", "Ben"}, "Ana and Ben"}, {[]string{"Ana", "Ben", "Cy"}, "Ana, Ben and Cy"}} {
		if got := JoinAnd(c.in); got != c.want {
			t.Errorf("JoinAnd(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct {
		in   []string
		want string
	}{{nil, "Draw"}, {[]string{"Ana"}, "Ana wins"}, {[]string{"You"}, "You win"}, {[]string{"Ana", "You"}, "Ana and You win"}} {
		if got := Winners(c.in); got != c.want {
			t.Errorf("Winners(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if Plural(1, "square", "squares") != "square" || Plural(0, "square", "squares") != "squares" || Plural(2, "a", "b") != "b" {
		t.Fatal("Plural")
	}
}
