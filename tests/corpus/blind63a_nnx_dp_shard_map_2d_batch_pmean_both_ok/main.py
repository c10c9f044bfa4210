import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import ConvNet
from train import make_train_step

mesh = jax.make_mesh((2, 2), ("data", "model"))
# no tensor parallelism for this small net: spread the batch over every device
BATCH_AXES = ("data", "model")
batch_spec = P(BATCH_AXES)

model = ConvNet(10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))

step = jax.jit(jax.shard_map(
    make_train_step(graphdef, BATCH_AXES),
    mesh=mesh,
    in_specs=(P(), batch_spec, batch_spec),
    out_specs=(P(), P()),
))

images = jax.ShapeDtypeStruct((64, 32, 32, 3), jnp.float32)
labels = jax.ShapeDtypeStruct((64,), jnp.int32)
step.trace(state, images, labels).lower(lowering_platforms=("tpu",))
