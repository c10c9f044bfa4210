"""Megatron-style tensor-parallel MLP in Flax Linen, applied per-shard under jax.shard_map."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

TP = "tensor"


class ParallelMLP(nn.Module):
    hidden_per_shard: int
    out: int

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden_per_shard, name="col")(x))
        y = nn.Dense(self.out, use_bias=False, name="row")(h)
        return jax.lax.psum(y, TP)


mesh = jax.make_mesh((4,), (TP,), axis_types=(jax.sharding.AxisType.Explicit,))
model = ParallelMLP(hidden_per_shard=64, out=32)
x = jnp.ones((8, 32))


def init_shard(keys, x):
    # each device owns its own slice of the hidden layer: params stacked over TP
    return jax.vmap(model.init, in_axes=(0, None))(keys, x)


def apply_shard(params, x):
    return model.apply(jax.tree.map(lambda a: a[0], params), x)


init_shard = jax.shard_map(init_shard, mesh=mesh, in_specs=(P(TP), P()), out_specs=P(TP))
apply_shard = jax.shard_map(apply_shard, mesh=mesh, in_specs=(P(TP), P()), out_specs=P())

keys = jax.device_put(jax.random.split(jax.random.key(0), 4), jax.NamedSharding(mesh, P(TP)))
params = jax.eval_shape(init_shard, keys, x)
print(jax.jit(apply_shard).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
