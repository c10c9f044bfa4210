import equinox as eqx
import jax
import jax.numpy as jnp


class FeedForward(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, dim, hidden, *, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(dim, hidden, key=k1)
        self.down = eqx.nn.Linear(hidden, dim, key=k2)

    def __call__(self, x):
        return self.down(jax.nn.relu(self.up(x)))


def tp_specs(model, P):
    """Megatron layout: column-parallel up projection, row-parallel down projection."""
    specs = jax.tree.map(lambda _: P(), model)
    specs = eqx.tree_at(lambda m: m.up.weight, specs, P("model", None))
    specs = eqx.tree_at(lambda m: m.up.bias, specs, P("model"))
    specs = eqx.tree_at(lambda m: m.down.weight, specs, P(None, "model"))
    return specs
