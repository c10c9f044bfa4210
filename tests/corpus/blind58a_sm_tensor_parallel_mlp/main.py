from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('feats',))
layer_sizes = [128, 256, 256, 128]


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(None, 'feats'), P('feats', None), P('feats')),
         out_specs=P(None, 'feats'))
def gemm_tp(inputs, W, b):
  block_result = jnp.dot(inputs, W)
  return jax.lax.psum_scatter(block_result, 'feats',
                              scatter_dimension=1, tiled=True) + b


def predict_tp(params, inputs):
  for W, b in params:
    outputs = gemm_tp(inputs, W, b)
    inputs = jax.nn.relu(outputs)
  return outputs


def loss_tp(params, batch):
  inputs, targets = batch
  predictions = predict_tp(params, inputs)
  return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))


def init(key):
  params = []
  for n_in, n_out in zip(layer_sizes[:-1], layer_sizes[1:]):
    key, k1, k2 = jax.random.split(key, 3)
    params.append((jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in),
                   jax.random.normal(k2, (n_out,))))
  return params


grad_tp = jax.grad(loss_tp)
grad_tp = jax.jit(grad_tp)

if __name__ == '__main__':
  params = jax.device_put(init(jax.random.key(0)), NamedSharding(mesh, P('feats')))
  inputs = jax.device_put(jnp.ones((16, 128)), NamedSharding(mesh, P(None, 'feats')))
  targets = jnp.ones((16, 128))
  grad_tp.trace(params, (inputs, targets)).lower(lowering_platforms=('tpu',))
