"""Gradient reducers: the base class owns the collective, subclasses say which axes it spans."""
import abc

import jax


class GradReducer(abc.ABC):
    @abc.abstractmethod
    def axes(self) -> tuple:
        ...

    def __call__(self, grads):
        return jax.tree.map(lambda g: jax.lax.pmean(g, self.axes()), grads)


class DataParallelReducer(GradReducer):
    def axes(self):
        return ("data",)


class HybridReducer(GradReducer):
    def __init__(self, inner="data", outer="replica"):
        self.inner = inner
        self.outer = outer

    def axes(self):
        return (self.outer, self.inner)


REDUCERS = {"dp": DataParallelReducer, "hybrid": HybridReducer}


def make_reducer(kind, **kwargs):
    return REDUCERS[kind](**kwargs)
