import jax
import jax.experimental.shard_map
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from lm.decoder import Decoder

TP = 4
mesh = Mesh(np.array(jax.devices()), ('tp',))
decoder = Decoder(num_layers=3, d_model=16, d_ff_local=32 // TP)


def init(x):
  return decoder.init(jax.random.key(0), x)


def loss(params, x):
  y = decoder.apply(params, x)
  return jnp.mean(y ** 2)


sm_init = jax.experimental.shard_map.shard_map(init, mesh, in_specs=P(), out_specs=P(),
                                               check_rep=False)
sm_grad = jax.experimental.shard_map.shard_map(jax.value_and_grad(loss), mesh,
                                               in_specs=(P(), P()), out_specs=P(),
                                               check_rep=False)

x = jax.ShapeDtypeStruct((2, 8, 16), jnp.float32)
params = jax.eval_shape(sm_init, x)
jax.jit(sm_grad).trace(params, x).lower(lowering_platforms=('cuda',))
