import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from moe import MoeBlock

NUM_EXPERTS, D_MODEL, D_FF, TOKENS = 8, 16, 32, 16
mesh = jax.make_mesh((4,), ('expert',))
EP = mesh.shape['expert']

model = MoeBlock(num_experts=NUM_EXPERTS, num_local_experts=NUM_EXPERTS // EP,
                 d_model=D_MODEL, d_ff=D_FF, capacity=4)

local_shapes = jax.eval_shape(
    jax.shard_map(lambda x: model.init(jax.random.key(0), x)['params'], mesh=mesh,
                  in_specs=P('expert'), out_specs=P(), check_vma=False),
    jax.ShapeDtypeStruct((TOKENS * EP, D_MODEL), jnp.float32,
                         sharding=NamedSharding(mesh, P('expert'))))
specs = {'router': {'kernel': P()}, 'experts': {'wi': P('expert'), 'wo': P('expert')}}


def global_zeros(s, spec):
  shape = (s.shape[0] * EP,) + s.shape[1:] if spec == P('expert') else s.shape
  return jax.device_put(jnp.zeros(shape, s.dtype), NamedSharding(mesh, spec))


params = jax.tree.map(global_zeros, local_shapes, specs)


def loss_fn(params, x):
  y = model.apply({'params': params}, x)
  return jnp.mean(y ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, P('expert')),
                   out_specs=(P(), specs))
def grad_step(params, x):
  loss, grads = jax.value_and_grad(loss_fn)(params, x)
  grads = {'router': jax.lax.pmean(grads['router'], 'expert'), 'experts': grads['experts']}
  return jax.lax.pmean(loss, 'expert'), grads


x = jax.device_put(jnp.ones((TOKENS * EP, D_MODEL)), NamedSharding(mesh, P('expert')))
grad_step.trace(params, x).lower(lowering_platforms=('cuda',))
