import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh

from model import PositionalEncoder
from parallel import get_strategy

STRATEGY = 'sp'
SEQ_AXIS = 'sp'

mesh = Mesh(jax.devices(), (SEQ_AXIS,))
model = PositionalEncoder(64, 16, seq_axis=SEQ_AXIS, rngs=nnx.Rngs(0))

strategy = get_strategy(STRATEGY, mesh, SEQ_AXIS)
encode = strategy(lambda m, x: m(x))
encode.trace(model, jnp.ones((2, 32, 16))).lower(lowering_platforms=('cuda',))
