import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from rules import param_specs


class TabularMLP(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, in_features, hidden, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(in_features, hidden, key=k1)
        self.down = eqx.nn.Linear(hidden, in_features, key=k2)

    def __call__(self, x):
        return self.down(jax.nn.relu(self.up(x)))


mesh = jax.make_mesh((1, 4), ("data", "model"))
model = TabularMLP(6, 64, jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
specs = param_specs(params)
params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
x = jax.device_put(jnp.ones((32, 6)), NamedSharding(mesh, P("data", None)))


def local_forward(params, x):
    m = eqx.combine(params, static)
    h = jax.vmap(lambda v: jax.nn.relu(m.up.weight @ v + m.up.bias))(x)
    y = h @ m.down.weight.T
    return jax.lax.psum(y, "model") + m.down.bias


forward = jax.shard_map(local_forward, mesh=mesh, in_specs=(specs, P("data", None)), out_specs=P("data", None))
print(jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
