import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from flax import nnx

from attention import SEQ_AXIS
from model import Encoder
from train import train_step

mesh = Mesh(jax.devices(), (SEQ_AXIS,))

model = Encoder(vocab=8192, d_model=256, num_heads=8, depth=4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-4), wrt=nnx.Param)

step = nnx.jit(nnx.shard_map(
    train_step, mesh=mesh,
    in_specs=(P(), P(), P(None, SEQ_AXIS), P(None, SEQ_AXIS)), out_specs=P()))

seq_sharding = NamedSharding(mesh, P(None, SEQ_AXIS))
tokens = jax.ShapeDtypeStruct((8, 4096), jnp.int32, sharding=seq_sharding)
targets = jax.ShapeDtypeStruct((8, 4096), jnp.int32, sharding=seq_sharding)
with mesh:
  step.trace(model, optimizer, tokens, targets).lower(lowering_platforms=("cuda",))
