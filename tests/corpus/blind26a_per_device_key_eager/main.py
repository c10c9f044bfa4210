"""Dropout keys: each data-parallel replica should draw a different mask."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


class Net(eqx.Module):
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout

    def __init__(self, key):
        self.linear = eqx.nn.Linear(32, 32, key=key)
        self.dropout = eqx.nn.Dropout(0.1)

    def __call__(self, x, key):
        return self.dropout(jax.nn.relu(self.linear(x)), key=key)


def replica_key(seed):
    # fold the replica id into the key so that masks differ across devices
    return jr.fold_in(jr.PRNGKey(seed), jax.lax.axis_index("data"))


model = Net(jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
dropout_key = replica_key(0)


def forward(params, x, key):
    model = eqx.combine(params, static)
    keys = jr.split(key, x.shape[0])
    return jax.vmap(model)(x, keys)


fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P("data"), P()), out_specs=P("data")))
x = jnp.ones((16, 32))
print(fwd.trace(params, x, dropout_key).lower(lowering_platforms=("cuda",)).as_text()[:20])
