import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))
batch_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())


def predict(params, x):
    return x @ params["w"] + params["b"]


def loss_fn(params, batch):
    x, y = batch
    return jnp.mean((predict(params, x) - y) ** 2)


def eval_step(params, batch):
    return loss_fn(params, batch)


eval_step = jax.jit(
    eval_step,
    in_shardings=(replicated, (batch_sharding, batch_sharding)),
    out_shardings=replicated,
)

params = {"w": jnp.zeros((3, 1)), "b": jnp.zeros((1,))}
N, BS = 74, 16
xs, ys = np.ones((N, 3), np.float32), np.ones((N, 1), np.float32)
for start in range(0, N, BS * 4):
    batch = (xs[start:start + BS * 4], ys[start:start + BS * 4])
    lowered = eval_step.trace(params, batch).lower(lowering_platforms=("cuda",))
    print(start, lowered.as_text()[:12])
