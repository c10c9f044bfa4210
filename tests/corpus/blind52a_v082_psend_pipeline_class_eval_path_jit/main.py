import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from pipeline import STAGE_AXIS, Pipeline

mesh = jax.make_mesh((4,), (STAGE_AXIS,))
pipe = Pipeline(n_stages=4, n_micro=3)

# evaluation: run the schedule with the stage weights placed on the mesh
evaluate = jax.jit(pipe.forward,
                   in_shardings=(NamedSharding(mesh, P(STAGE_AXIS)), NamedSharding(mesh, P(STAGE_AXIS)),
                                 NamedSharding(mesh, P())),
                   out_shardings=NamedSharding(mesh, P(STAGE_AXIS)))

w = jnp.zeros((4, 16, 16))
mb = jnp.ones((3, 8, 16))
stage_ids = jnp.arange(4)
print(evaluate.trace(w, stage_ids, mb).lower(lowering_platforms=("cuda",)).as_text()[:40])
