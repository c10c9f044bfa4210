from .softmax import make_logsumexp, make_softmax

__all__ = ["make_logsumexp", "make_softmax"]
