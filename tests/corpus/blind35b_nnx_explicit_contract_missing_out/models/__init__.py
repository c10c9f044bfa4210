from .dotrelu import DotReluDot
