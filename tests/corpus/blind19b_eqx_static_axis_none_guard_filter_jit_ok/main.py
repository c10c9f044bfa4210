import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class RowParallel(eqx.Module):
    weight: jax.Array
    axis_name: str | None = eqx.field(static=True, default=None)

    def __call__(self, x):
        y = x @ self.weight
        if self.axis_name is not None:
            y = lax.psum(y, self.axis_name)
        return y


class MLP(eqx.Module):
    up: eqx.nn.Linear
    down: RowParallel

    def __init__(self, key, axis_name=None):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(16, 64, key=k1)
        self.down = RowParallel(jax.random.normal(k2, (64, 16)) * 0.02, axis_name=axis_name)

    def __call__(self, x):
        return self.down(jax.nn.gelu(jax.vmap(self.up)(x)))


@eqx.filter_jit
def step(model, x, y):
    loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    model = eqx.apply_updates(model, jax.tree.map(lambda g: -1e-3 * g, grads))
    return model, loss


model = MLP(jax.random.key(0))
step.lower(model, jnp.ones((8, 16)), jnp.ones((8, 16)))
