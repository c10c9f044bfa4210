import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from config import Config
from model import Net
from train import make_train_step

cfg = Config(dp_axis=None)  # GSPMD: batch stats are already global under jit
mesh = jax.make_mesh((cfg.num_devices,), ("data",))

graphdef, params, batch_stats = nnx.split(Net(cfg, rngs=nnx.Rngs(0)), nnx.Param, nnx.BatchStat)
step = make_train_step(graphdef, cfg.lr)

replicated = NamedSharding(mesh, P())
batch = NamedSharding(mesh, P("data"))
step = jax.jit(step, in_shardings=(replicated, replicated, batch, batch),
               out_shardings=(replicated, replicated, replicated))

images = jnp.zeros((cfg.batch_size, 16, 16, 3), jnp.float32)
labels = jnp.zeros((cfg.batch_size,), jnp.int32)
print(step.trace(params, batch_stats, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:40])
