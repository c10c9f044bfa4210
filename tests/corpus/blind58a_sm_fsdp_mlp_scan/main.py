from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('batch',))

N_LAYERS, D, BATCH = 3, 64, 32


@jax.custom_vjp
def gather_weights(params):
  return jax.lax.all_gather(params, 'batch', tiled=True)


def gather_weights_fwd(params):
  return gather_weights(params), None


def gather_weights_bwd(_, g):
  return (jax.lax.psum_scatter(g, 'batch', tiled=True),)


gather_weights.defvjp(gather_weights_fwd, gather_weights_bwd)


def predict_fsdp(params_frag, inputs):
  def layer(x, wb):
    W_frag, b_frag = wb
    W = gather_weights(W_frag)
    b = gather_weights(b_frag)
    return jax.nn.relu(jnp.dot(x, W) + b), None

  outputs, _ = jax.lax.scan(layer, inputs, params_frag)
  return outputs


def loss_fsdp(params, batch):
  inputs, targets = batch
  predictions = predict_fsdp(params, inputs)
  sq_err = jnp.sum(jnp.square(predictions - targets), axis=-1)
  return jax.lax.pmean(jnp.mean(sq_err), 'batch')


param_spec = (P(None, 'batch', None), P(None, 'batch'))
loss_and_grad = jax.jit(jax.shard_map(
    jax.value_and_grad(loss_fsdp), mesh=mesh,
    in_specs=(param_spec, P('batch')), out_specs=(P(), param_spec)))


def main():
  def sds(shape, spec):
    return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))

  params = (sds((N_LAYERS, D, D), param_spec[0]), sds((N_LAYERS, D), param_spec[1]))
  batch = (sds((BATCH, D), P('batch')), sds((BATCH, D), P('batch')))
  loss_and_grad.trace(params, batch).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
