import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import CNN
from parallel.comm import DATA
from steps import make_steps

mesh = jax.make_mesh((4,), (DATA,))
jax.set_mesh(mesh)

graphdef, params = nnx.split(CNN(rngs=nnx.Rngs(0)))
train_step, eval_step = make_steps(mesh, graphdef)

images = jax.device_put(jnp.zeros((32, 28, 28, 1), jnp.float32), P(DATA))
labels = jax.device_put(jnp.zeros((32,), jnp.int32), P(DATA))

if __name__ == "__main__":
    for fn in (train_step, eval_step):
        print(fn.trace(params, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:40])
