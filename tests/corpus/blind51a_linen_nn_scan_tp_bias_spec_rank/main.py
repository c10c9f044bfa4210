import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import Decoder
from sharding import PARAM_SPECS

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
NUM_LAYERS, D_MODEL, MLP_DIM = 4, 64, 256
TP = mesh.shape['model']

model = Decoder(num_layers=NUM_LAYERS, mlp_dim_local=MLP_DIM // TP)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')),
                   out_specs=PARAM_SPECS)
def init_params(key, x):
  return model.init(key, x)


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(PARAM_SPECS, P('data')), out_specs=P())
def loss_fn(params, x):
  y = model.apply(params, x)
  return jax.lax.pmean(jnp.mean(y ** 2), 'data')


x = jax.ShapeDtypeStruct((8, 16, D_MODEL), jnp.float32)
params = jax.eval_shape(init_params, jax.random.key(0), x)
step = jax.jit(jax.value_and_grad(loss_fn))
print(step.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
