.version 7.0
.target sm_80
