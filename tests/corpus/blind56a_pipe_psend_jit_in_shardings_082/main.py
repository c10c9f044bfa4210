import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from runner import PipelineRunner

N, D, B = 4, 256, 32

mesh = Mesh(np.array(jax.devices()), ("stage",))
runner = PipelineRunner(N)

forward = jax.jit(
    runner,
    in_shardings=(NamedSharding(mesh, P("stage")), NamedSharding(mesh, P())),
    out_shardings=NamedSharding(mesh, P()),
)

if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((N, D, D), jnp.float32)
  x = jax.ShapeDtypeStruct((B, D), jnp.float32)
  forward.trace(w, x).lower(lowering_platforms=("cuda",))
