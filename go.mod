module github.com/tabulagames/tabula

go 1.26.8
