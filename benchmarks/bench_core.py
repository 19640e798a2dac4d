"""Start-up costs: importing casino_math and running its command line."""

from timing import median_command_seconds, python, report


def main() -> None:
    baseline = median_command_seconds(python("-c", "pass"))
    report("python -c pass (baseline)", baseline)
    report("python -c 'import casino_math'", median_command_seconds(python("-c", "import casino_math")))
    report("python -m casino_math --help", median_command_seconds(python("-m", "casino_math", "--help")))


if __name__ == "__main__":
    main()
