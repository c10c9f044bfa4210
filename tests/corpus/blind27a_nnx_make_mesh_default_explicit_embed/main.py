import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from nnxlm.configs import parse_args
from nnxlm.sharding import make_mesh
from nnxlm.model import Transformer
from nnxlm.trainer import train_step


def main():
  cfg = parse_args([])
  mesh = make_mesh(cfg.mesh)
  with jax.set_mesh(mesh):
    model = Transformer(cfg.model, cfg.remat, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(cfg.lr), wrt=nnx.Param)
    tokens = jax.device_put(jnp.zeros((cfg.batch_size, cfg.seq_len + 1), jnp.int32),
                            NamedSharding(mesh, P("fsdp", None)))
    lowered = train_step.trace(model, optimizer, tokens).lower(lowering_platforms=("cuda",))
  print("lowered", lowered.as_text().count("sharding") > 0)


if __name__ == "__main__":
  main()
