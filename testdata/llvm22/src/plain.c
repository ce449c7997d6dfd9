int host_only(void) { return 1; }
