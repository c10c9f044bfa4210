from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from block import SequenceParallelMlp

D, FF, TP = 1024, 4096, 2
mesh = jax.make_mesh((2, TP), ('data', 'tensor'))
local_block = SequenceParallelMlp(D, FF // TP)

specs = {
    'norm': {'scale': P(), 'bias': P()},
    'up': {'kernel': P(None, 'tensor'), 'bias': P('tensor')},
    'down': {'kernel': P('tensor', None)},
}


@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P('data', 'tensor')),
         out_specs=P('data', 'tensor'))
def block_fwd(params, x):
  return local_block.apply({'params': params}, x)


@jax.jit
def loss_and_grad(params, x, target):
  def loss_fn(p):
    return jnp.mean(optax.l2_loss(block_fwd(p, x), target))
  return jax.value_and_grad(loss_fn)(params)


def abstract_params():
  def shaped(path_spec, shape):
    return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, path_spec))
  return {
      'norm': {'scale': shaped(P(), (D,)), 'bias': shaped(P(), (D,))},
      'up': {'kernel': shaped(P(None, 'tensor'), (D, FF)), 'bias': shaped(P('tensor'), (FF,))},
      'down': {'kernel': shaped(P('tensor', None), (FF, D))},
  }


if __name__ == '__main__':
  act = NamedSharding(mesh, P('data', 'tensor'))
  x = jax.ShapeDtypeStruct((8, 512, D), jnp.bfloat16, sharding=act)
  loss_and_grad.trace(abstract_params(), x, x).lower(lowering_platforms=('cuda',))
