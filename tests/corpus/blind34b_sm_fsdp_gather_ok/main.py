from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))


@partial(jax.custom_vjp)
def gather_params(x):
  return jax.lax.all_gather(x, 'batch', tiled=True)


def _fwd(x):
  return gather_params(x), None


def _bwd(_, g):
  return (jax.lax.psum_scatter(g, 'batch', tiled=True),)


gather_params.defvjp(_fwd, _bwd)


def predict_fsdp(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, gather_params(W)) + gather_params(b)
    inputs = jax.nn.relu(outputs)
  return outputs


def loss_fsdp(params, batch):
  inputs, targets = batch
  predictions = predict_fsdp(params, inputs)
  return jax.lax.pmean(jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1)), 'batch')


sizes = [16, 32, 8]
params = [(jnp.ones((a, b)), jnp.ones((b,))) for a, b in zip(sizes[:-1], sizes[1:])]
batch = (jnp.ones((8, 16)), jnp.ones((8, 8)))

fsdp_loss = jax.jit(jax.shard_map(loss_fsdp, mesh=mesh, in_specs=P('batch'), out_specs=P()))
print(fsdp_loss.trace(params, batch).lower(lowering_platforms=('cuda',)).as_text()[:40])
