import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
model = nnx.Linear(6, 3, rngs=nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=P("data"), out_specs=P())
def mean_output(model, x):
  return lax.pmean(model(x).mean(), "data")


evaluate = nnx.jit(mean_output)
evaluate.trace(model, jnp.ones((8, 6))).lower(lowering_platforms=("cuda",))
