import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from flax import nnx

from ensemble import create_ensemble
from predict import predict

num_members = len(jax.devices())
mesh = jax.make_mesh((num_members,), ("ensemble",))

members = create_ensemble(num_members, 784, 512, 10, nnx.Rngs(params=0, dropout=1))
state = nnx.state(members)
state = jax.device_put(state, NamedSharding(mesh, P("ensemble")))
nnx.update(members, state)
members.eval()

x = jax.ShapeDtypeStruct((128, 784), jnp.float32)
predict.trace(members, x).lower(lowering_platforms=("tpu",))
