from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.model import init, predict_fsdp

config = dict(layer_sizes=[784, 128, 128, 128, 8], batch_size=32, axis='fsdp')

AXIS = config['axis']
mesh = jax.make_mesh((4,), (config['axis'],))
params, batch = init(jax.random.key(0), config['layer_sizes'], config['batch_size'])


@partial(jax.shard_map, mesh=mesh, in_specs=(P(AXIS), P(AXIS)), out_specs=P())
def loss_fsdp(params, batch):
  inputs, targets = batch
  predictions = predict_fsdp(params, inputs, AXIS)
  return jax.lax.pmean(jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1)), AXIS)


grad_fn = jax.jit(jax.grad(loss_fsdp))
params = jax.device_put(params, jax.NamedSharding(mesh, P(AXIS)))
batch = jax.device_put(batch, jax.NamedSharding(mesh, P(AXIS)))
grad_fn.trace(params, batch).lower(lowering_platforms=('cuda',))
