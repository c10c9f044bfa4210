import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

import dataclasses

from tpu_kernels.collectives import ring_all_gather


@dataclasses.dataclass(frozen=True)
class CollectiveConfig:
    axis_name: str = "tp"
    collective_id: int | None = None


cfg = CollectiveConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.axis_name,))
x = jax.ShapeDtypeStruct((8 * mesh.size, 512), jnp.bfloat16)
gather = jax.jit(ring_all_gather, static_argnums=(1, 2, 3))
gather.trace(x, mesh, cfg.axis_name, cfg.collective_id).lower(lowering_platforms=("tpu",))
