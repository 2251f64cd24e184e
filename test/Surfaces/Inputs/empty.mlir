// Nothing but comments: refused before parsing (fp4/Registration/InputText.h)
// rather than compiled as an empty module.
