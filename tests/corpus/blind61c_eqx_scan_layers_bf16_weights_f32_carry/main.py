import equinox as eqx
import jax
import jax.numpy as jnp

from models import DeepMLP, cast_to_half


def predict(params, static, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


def main():
    model = DeepMLP(128, depth=12, key=jax.random.PRNGKey(0))
    model = cast_to_half(model)  # bf16 weights for inference
    params, static = eqx.partition(model, eqx.is_array)
    x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
    lowered = jax.jit(predict, static_argnums=1).trace(params, static, x).lower(
        lowering_platforms=("tpu",))
    return lowered


if __name__ == "__main__":
    main()
