from functools import partial

import jax
import jax.numpy as jnp


class Optimizer:
    def __init__(self, lr, axis="data"):
        self.lr = lr
        self.axis = axis

    @partial(jax.jit, static_argnums=0)
    def apply(self, params, grads):
        grads = jax.lax.pmean(grads, self.axis)
        return params - self.lr * grads

    def __hash__(self):
        return hash((self.lr, self.axis))

    def __eq__(self, other):
        return isinstance(other, Optimizer) and (self.lr, self.axis) == (other.lr, other.axis)


OPT = Optimizer(0.01)


def run(p, g):
    return OPT.apply(p, g)


ARGS = (jax.ShapeDtypeStruct((10,), jnp.float32), jax.ShapeDtypeStruct((10,), jnp.float32))
