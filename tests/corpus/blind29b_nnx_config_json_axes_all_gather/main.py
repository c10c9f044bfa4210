import json
import pathlib

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class ConfigDict(dict):
    """Attribute access over a dict, like ml_collections.ConfigDict."""
    __getattr__ = dict.__getitem__


config = ConfigDict(json.loads((pathlib.Path(__file__).parent / "config.json").read_text()))


class Scorer(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.cfg = cfg
        self.proj = nnx.Linear(cfg.d_model, 1, rngs=rngs)

    def __call__(self, x):
        """Per-device scores, then every device sees the whole batch's scores."""
        local = self.proj(x)[:, 0]
        return jax.lax.all_gather(local, self.cfg.batch_axes, tiled=True)


mesh = jax.make_mesh(tuple(config.mesh_shape), tuple(config.mesh_axes),
                     axis_types=(AxisType.Auto,) * 2)
model = Scorer(config, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


def score(state, x):
    return nnx.merge(graphdef, state)(x)


score = jax.shard_map(score, mesh=mesh, in_specs=(P(), P(tuple(config.batch_axes))),
                      out_specs=P(), check_vma=False)
x = jnp.ones((16, config.d_model))
lowered = jax.jit(score).trace(state, x).lower(lowering_platforms=("cuda",))
print("lowered")
