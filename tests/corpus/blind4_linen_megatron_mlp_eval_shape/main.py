import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from megatron import make_train_step, param_partition_specs
from megatron.layers import ParallelMLP

D_MODEL, D_FF, LAYERS = 16, 64, 2
mesh = jax.make_mesh((2, 2), ('data', 'model'))
tp = mesh.shape['model']

model = ParallelMLP(num_layers=LAYERS, d_model=D_MODEL, d_ff_per_shard=D_FF // tp)


def init_local(rng, x):
  return model.init(rng, x)['params']


# Shapes of one shard's parameters (no FLOPs, no devices), to build the partition specs.
abstract = jax.eval_shape(init_local, jax.random.key(0), jnp.ones((4, D_MODEL)))
specs = param_partition_specs(abstract, 'model')

init = jax.jit(jax.shard_map(init_local, mesh=mesh, in_specs=(P(), P()), out_specs=specs))
params = init(jax.random.key(0), jnp.ones((4, D_MODEL)))

x = jax.device_put(jnp.ones((8, D_MODEL)), NamedSharding(mesh, P('data')))
y = jax.device_put(jnp.zeros((8,)), NamedSharding(mesh, P('data')))
train_step = make_train_step(model, mesh, specs)
train_step.trace(params, x, y).lower(lowering_platforms=('cuda',))
