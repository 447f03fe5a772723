package kit

import "fyne.io/fyne/v2"

// Touch wraps a control so it is never smaller than a finger's touch
// target (MinTouch square, UX.md); it grows with the control's own size.
func Touch(o fyne.CanvasObject) fyne.CanvasObject {
	return &fyne.Container{Layout: touchLayout{}, Objects: []fyne.CanvasObject{o}}
}

type touchLayout struct{}

func (touchLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return objs[0].MinSize().Max(fyne.NewSize(MinTouch, MinTouch))
}

func (touchLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}
