package settings

import (
	"os/exec"
	"strings"
	"testing"
)

// settings sits below the UI: it must not pull in Fyne, the bots or the UI.
func TestNoFyneNoAIImports(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "fyne.io/") ||
			pkg == "github.com/tabulagames/tabula/ai" || strings.HasPrefix(pkg, "github.com/tabulagames/tabula/ui") {
			t.Errorf("settings depends on %s", pkg)
		}
	}
}
