import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from evaluation import make_eval_step
from model import ConvNet


@dataclasses.dataclass
class EvalConfig:
  batch_size: int = 256
  axis_name: str = "data"


def main(cfg):
  mesh = jax.make_mesh((4,), (cfg.axis_name,))
  model = ConvNet(rngs=nnx.Rngs(0))
  distributed = jnp.asarray(jax.device_count() > 1)
  eval_step = make_eval_step(cfg.axis_name, distributed)
  batch = {"image": jnp.zeros((cfg.batch_size, 28, 28, 1)),
           "label": jnp.zeros((cfg.batch_size,), jnp.int32)}
  batch = jax.device_put(batch, NamedSharding(mesh, P(cfg.axis_name)))
  eval_step.trace(model, batch).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main(EvalConfig())
