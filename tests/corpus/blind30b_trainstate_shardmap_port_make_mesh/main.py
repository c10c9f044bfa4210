"""pmap -> shard_map port of a TrainState trainer (JAX's pmap migration guide): the replicated
state becomes P(), the leading device axis of the batch becomes P('batch')."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from trainer import steps


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(10)(nn.relu(nn.Dense(64)(x)))


mesh = jax.make_mesh((jax.device_count(),), (steps.DATA_AXIS,))

model = MLP()
params = model.init(jax.random.key(0), jnp.ones((1, 20)))['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adamw(3e-4))

p_train_step = jax.jit(
    jax.shard_map(steps.train_step, mesh=mesh,
                  in_specs=(P(), P('batch'), P('batch')),
                  out_specs=(P(), P())),
    donate_argnums=(0,))

state = jax.device_put(state, NamedSharding(mesh, P()))
images = jax.device_put(jnp.ones((64, 20)), NamedSharding(mesh, P('batch')))
labels = jax.device_put(jnp.zeros((64,), jnp.int32), NamedSharding(mesh, P('batch')))
lowered = p_train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
