"""Config-driven column-parallel layer: the barrier id comes from a dataclass whose default is None."""
import dataclasses
import functools
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ag_kernel import all_gather_matmul


@dataclasses.dataclass(frozen=True)
class CollectiveMatmulConfig:
    axis_name: str = "tp"
    tp_size: int = 4
    collective_id: Optional[int] = None  # "let the runtime pick"


def build_layer(cfg: CollectiveMatmulConfig, mesh):
    def body(x, w):
        return all_gather_matmul(x, w, axis_name=cfg.axis_name, tp_size=cfg.tp_size,
                                 collective_id=cfg.collective_id)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(cfg.axis_name), P(None, cfg.axis_name)),
                                 out_specs=P(None, cfg.axis_name), check_vma=False))


def main():
    cfg = CollectiveMatmulConfig()
    mesh = Mesh(np.array(jax.devices()[: cfg.tp_size]), (cfg.axis_name,))
    layer = build_layer(cfg, mesh)
    x = jnp.ones((cfg.tp_size * 32, 256), jnp.bfloat16)
    w = jnp.ones((256, cfg.tp_size * 128), jnp.bfloat16)
    layer.trace(x, w).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
