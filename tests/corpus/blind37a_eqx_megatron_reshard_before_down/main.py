import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ("data", "model"))


class Block(eqx.Module):
    fc1: eqx.nn.Linear
    fc2: eqx.nn.Linear

    def __init__(self, key):
        a, b = jax.random.split(key)
        self.fc1 = eqx.nn.Linear(16, 64, key=a)
        self.fc2 = eqx.nn.Linear(64, 16, key=b)

    def __call__(self, xs):
        h = jax.nn.silu(jax.vmap(self.fc1)(xs))
        # gather the hidden features before the second projection
        h = reshard(h, P("data", None))
        return jax.vmap(self.fc2)(h)


with jax.set_mesh(mesh):
    block = Block(jax.random.key(0))
    dyn, static = eqx.partition(block, eqx.is_array)
    specs = Block(jax.random.key(0))
    specs = eqx.tree_at(lambda m: (m.fc1.weight, m.fc1.bias, m.fc2.weight, m.fc2.bias), eqx.filter(specs, eqx.is_array),
                        (P("model", None), P("model"), P(None, "model"), P()))
    dyn = jax.tree.map(lambda a, s: jax.device_put(a, s), dyn, specs)

    @jax.jit
    def forward(dyn, xs):
        return eqx.combine(dyn, static)(xs)

    xs = jax.device_put(jnp.ones((8, 16)), P("data", None))
    print(forward.trace(dyn, xs).lower(lowering_platforms=("cuda",)).as_text()[:30])
