module {
  func.func @host() {
    return
  }
}
