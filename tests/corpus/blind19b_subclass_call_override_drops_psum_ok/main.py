import jax
import jax.numpy as jnp
from jax import lax


class RowParallel:
    axis_name = "model"

    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        return lax.psum(x @ self.w, self.axis_name)


class LocalRowParallel(RowParallel):
    def __call__(self, x):
        return x @ self.w


class MLP:
    layer_cls = RowParallel

    def __init__(self, w1, w2):
        self.w1 = w1
        self.out = self.layer_cls(w2)

    def __call__(self, x):
        return self.out(jax.nn.relu(x @ self.w1))


class EvalMLP(MLP):
    layer_cls = LocalRowParallel


def forward(w1, w2, x):
    return EvalMLP(w1, w2)(x)


jax.jit(forward).trace(jnp.ones((16, 64)), jnp.ones((64, 16)), jnp.ones((4, 16))).lower(
    lowering_platforms=("cuda",)
)
