//go:build mobile

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestPhoneRoomFits: the online room fits a phone's screen (a real
// 412x790 px phone window is 294x564 dp): its column was 560 wide and ran
// off both edges, cutting the code and the words.
func TestPhoneRoomFits(t *testing.T) {
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(294, 564))
	og := u.showRoom("Play online: Knights", "Connecting...")
	if w := og.content.MinSize().Width; w > 294 {
		t.Fatalf("the room needs %.0f dp of a phone's 294", w)
	}
}
