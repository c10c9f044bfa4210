import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import PartitionSpec as P

from model import make_classifier, xent_loss

mesh = jax.make_mesh((4,), ("data",))
optim = optax.sgd(1e-2, momentum=0.9)


def local_step(params, opt_state, x, labels, *, static):
    loss, grads = jax.value_and_grad(xent_loss)(params, static, x, labels)
    grads = lax.pmean(grads, "data")
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, lax.pmean(loss, "data")


def make_step(model, static):
    # specs were written when the step took (params, x, labels); opt_state was added later
    model_specs = jax.tree.map(lambda _: P(), model)
    return jax.shard_map(
        functools.partial(local_step, static=static),
        mesh=mesh,
        in_specs=(model_specs, P("data"), P("data")),
        out_specs=(model_specs, P(), P()),
    )


def main():
    model = make_classifier(jax.random.key(1))
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = optim.init(params)
    step = make_step(params, static)
    step = jax.jit(step)
    x = jax.ShapeDtypeStruct((512, 32), jnp.float32)
    labels = jax.ShapeDtypeStruct((512,), jnp.int32)
    step.trace(params, opt_state, x, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
