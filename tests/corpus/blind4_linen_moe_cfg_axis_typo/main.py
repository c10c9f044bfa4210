import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from moe import MoeBlock

CONFIG = {
    'num_experts': 8, 'd_model': 16, 'd_ff': 32, 'tokens_per_device': 8, 'capacity': 4,
    'mesh_shape': (2, 2),
    'mesh_axes': ('data', 'expert'),
    'expert_parallel_axis': 'experts',
}


def build(config):
  mesh = jax.make_mesh(config['mesh_shape'], config['mesh_axes'])
  ep = mesh.shape['expert']
  model = MoeBlock(num_experts=config['num_experts'],
                   num_local_experts=config['num_experts'] // ep,
                   d_model=config['d_model'], d_ff=config['d_ff'],
                   capacity=config['capacity'],
                   expert_axis=config['expert_parallel_axis'])
  return mesh, ep, model


mesh, EP, model = build(CONFIG)
batch_spec = P(('data', 'expert'))
n_tokens = CONFIG['tokens_per_device'] * mesh.size
x_abstract = jax.ShapeDtypeStruct((n_tokens, CONFIG['d_model']), jnp.float32,
                                  sharding=NamedSharding(mesh, batch_spec))
local_shapes = jax.eval_shape(
    jax.shard_map(lambda x: model.init(jax.random.key(0), x)['params'], mesh=mesh,
                  in_specs=batch_spec, out_specs=P(), check_vma=False),
    x_abstract)
specs = {'router': {'kernel': P()}, 'experts': {'wi': P('expert'), 'wo': P('expert')}}


def global_zeros(s, spec):
  shape = (s.shape[0] * EP,) + s.shape[1:] if spec == P('expert') else s.shape
  return jax.device_put(jnp.zeros(shape, s.dtype), NamedSharding(mesh, spec))


params = jax.tree.map(global_zeros, local_shapes, specs)


def loss_fn(params, x):
  y = model.apply({'params': params}, x)
  return jnp.mean(y ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, batch_spec),
                   out_specs=(P(), specs))
def grad_step(params, x):
  loss, grads = jax.value_and_grad(loss_fn)(params, x)
  grads = {'router': jax.lax.pmean(grads['router'], ('data', 'expert')),
           'experts': jax.lax.pmean(grads['experts'], 'data')}
  return jax.lax.pmean(loss, ('data', 'expert')), grads


x = jax.device_put(jnp.ones((n_tokens, CONFIG['d_model'])), NamedSharding(mesh, batch_spec))
grad_step.trace(params, x).lower(lowering_platforms=('cuda',))
