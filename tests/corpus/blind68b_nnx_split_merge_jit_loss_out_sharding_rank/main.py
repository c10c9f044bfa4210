import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from cnn import CNN
from step import pure_train_step

mesh = Mesh(jax.devices(), ('data',))
replicated = NamedSharding(mesh, P())
batch = NamedSharding(mesh, P('data'))

model = CNN(rngs=nnx.Rngs(params=0, dropout=1))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))
state_shardings = jax.tree.map(lambda _: replicated, state)

train_step = jax.jit(
    pure_train_step,
    static_argnums=(0,),
    in_shardings=(state_shardings, batch, batch),
    out_shardings=(batch, state_shardings),
    donate_argnums=(1,),
)

images = jax.ShapeDtypeStruct((64, 28, 28, 1), jnp.float32, sharding=batch)
labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch)
train_step.trace(graphdef, state, images, labels).lower(
    lowering_platforms=('tpu',))
